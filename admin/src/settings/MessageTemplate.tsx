import { Classes, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { TEMPLATE_FIELD_MEANINGS, TEMPLATE_FIELDS, type TemplateName } from '@washdesk/contract';
import { previewOf, type PreviewContext } from './message-preview.ts';

/** One automatic message's text: the fields it may use, what is wrong with it, and a live preview. */
export function MessageTemplate({
  name,
  label,
  text,
  problem,
  preview,
  onChange,
}: {
  name: TemplateName;
  label: string;
  text: string;
  problem: string | undefined;
  preview: PreviewContext | null;
  onChange(text: string): void;
}) {
  const id = `template-${name}`;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={problem}
      className="message-template"
    >
      <TextArea
        id={id}
        fill
        rows={3}
        value={text}
        intent={problem ? Intent.DANGER : Intent.NONE}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <dl className={`message-template__fields ${Classes.TEXT_SMALL}`} aria-label={`Fields of the ${label}`}>
        {TEMPLATE_FIELDS[name].map((field) => (
          <div key={field}>
            <dt>
              <code>{`{${field}}`}</code>
            </dt>
            <dd className={Classes.TEXT_MUTED}>{TEMPLATE_FIELD_MEANINGS[field]}</dd>
          </div>
        ))}
      </dl>
      {preview && (
        <figure className="message-template__preview">
          <figcaption className={Classes.TEXT_MUTED}>Preview (sample customer)</figcaption>
          <blockquote aria-label={`Preview of the ${label}`}>{previewOf(name, text, preview)}</blockquote>
        </figure>
      )}
    </FormGroup>
  );
}
