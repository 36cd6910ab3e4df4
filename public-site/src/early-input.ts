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
  // A radio group is one answer, noted under its name; every other field under itself.
  const noted = new Map<Element | string, EarlyInput>();
  const note = (el: EventTarget | null) => {
    if (!(el instanceof Element)) return;
    const radio = el instanceof HTMLInputElement && el.type === 'radio';
    // Choosing a radio unchecks its neighbours without an event of theirs: the checked one speaks.
    if (radio && !el.checked) return;
    const key = radio ? `radio:${el.name}` : el;
    const input = inputOf(el);
    if (input) noted.set(key, input);
    else noted.delete(key);
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
    field.checked = !checked;
    field.click();
  }
}
