import { visibleParts } from './visible-text.ts';
import './visible-text.css';

/**
 * A customer's words with what would not show made visible: an invisible character as a marked
 * ⟨U+200B⟩ (its name on hover and for screen readers), a look-alike word underlined with why.
 */
export function VisibleText({ text }: { text: string }) {
  return (
    <>
      {visibleParts(text).map((part, i) => {
        if (part.kind === 'text') return part.text;
        if (part.kind === 'hidden')
          return (
            <mark
              key={i}
              className="visible-text__hidden"
              data-hidden-char={part.code}
              title={`Invisible character: ${part.name} (${part.code})`}
            >
              ⟨{part.code}⟩
            </mark>
          );
        return (
          <mark
            key={i}
            className="visible-text__lookalike"
            title={part.reason}
            aria-description={part.reason}
          >
            {part.text}
          </mark>
        );
      })}
    </>
  );
}
