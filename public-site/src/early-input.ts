// Fields whose input is kept; files are kept by the photo picker, buttons hold nothing.
const NOT_KEPT = new Set(['file', 'submit', 'button', 'reset', 'image', 'hidden']);

type TextField = HTMLInputElement | HTMLTextAreaElement;
/** What the visitor did to one field: typed words, a chosen option, or a ticked box or radio. */
type EarlyInput =
  | { kind: 'text'; field: TextField; value: string }
  | { kind: 'option'; field: HTMLSelectElement; value: string }
  | { kind: 'box'; field: HTMLInputElement; checked: boolean };

const isBox = (el: HTMLInputElement) => el.type === 'checkbox' || el.type === 'radio';

function inputOf(el: EventTarget | null): EarlyInput | null {
  if (el instanceof HTMLSelectElement) {
    const chosen = [...el.options].findIndex((option) => option.selected !== option.defaultSelected) >= 0;
    return chosen ? { kind: 'option', field: el, value: el.value } : null;
  }
  if (el instanceof HTMLInputElement && isBox(el)) {
    return el.checked !== el.defaultChecked ? { kind: 'box', field: el, checked: el.checked } : null;
  }
  if ((el instanceof HTMLInputElement && !NOT_KEPT.has(el.type)) || el instanceof HTMLTextAreaElement) {
    return el.value !== el.defaultValue ? { kind: 'text', field: el, value: el.value } : null;
  }
  return null;
}

/**
 * Keeps what a visitor typed or chose in the prerendered form before React took it over.
 * Hydration sets each controlled field back to its state (empty, nothing chosen), so a visitor on a
 * slow phone would see their words and choices vanish. This notes them from now until `replay()`,
 * which hands them to React as the events a keystroke, a pick or a tap would have sent.
 */
export function keepEarlyInput(root: HTMLElement) {
  const noted = new Map<Element, EarlyInput>();
  const note = (el: EventTarget | null) => {
    const input = inputOf(el);
    if (el instanceof Element) noted.delete(el);
    if (!input) return;
    // A radio chosen unchecks its neighbours without an event of theirs: the chosen one says it all.
    if (input.kind === 'box' && input.field.type === 'radio') {
      for (const other of noted.keys()) {
        if (other instanceof HTMLInputElement && other.type === 'radio' && other.name === input.field.name) {
          noted.delete(other);
        }
      }
    }
    noted.set(input.field, input);
  };
  root.querySelectorAll('input, textarea, select').forEach(note);
  const onInput = (event: Event) => note(event.target);
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);

  return function replay() {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
    for (const input of noted.values()) {
      if (input.field.isConnected) replayOne(input);
    }
  };
}

// React sees a change only against the value it last saw, through its own setter on the field:
// hydration may leave the visitor's input on screen while the form's state is empty, so a later
// render would wipe it. Each case makes React's record differ from the field, then sends the event.
function replayOne(input: EarlyInput) {
  if (input.kind === 'text') {
    const { field, value } = input;
    field.value = '';
    const prototype =
      field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (input.kind === 'option') {
    input.field.value = input.value;
    input.field.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    const { field, checked } = input;
    // A tap cannot uncheck a radio; the neighbour chosen instead is replayed on its own.
    if (field.type === 'radio' && !checked) return;
    field.checked = !checked;
    field.click();
  }
}
