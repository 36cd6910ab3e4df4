// Fields that hold typed text; the others (files, boxes, buttons) are not replayed.
const NOT_TEXT = new Set(['file', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'hidden']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (el: EventTarget | null): el is TextField =>
  (el instanceof HTMLInputElement && !NOT_TEXT.has(el.type)) || el instanceof HTMLTextAreaElement;

/**
 * Keeps what a visitor typed into the prerendered form before React took it over. Hydration sets
 * each controlled field back to its state (empty), so a visitor on a slow phone would see their
 * words vanish. This notes typed values from now until `replay()`, which hands them to React as
 * ordinary input events once the page is live.
 */
export function keepEarlyTyping(root: HTMLElement) {
  const typed = new Map<TextField, string>();
  const note = (el: EventTarget | null) => {
    if (isTextField(el) && el.value !== el.defaultValue) typed.set(el, el.value);
  };
  root.querySelectorAll('input, textarea').forEach(note);
  const onInput = (event: Event) => note(event.target);
  root.addEventListener('input', onInput, true);

  return function replay() {
    root.removeEventListener('input', onInput, true);
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // Hydration may leave the words on screen while the form's state is empty, so a later render
      // would wipe them. React notices a change only against the value it last saw: set that to
      // empty (its own setter on the field), put the words back with the browser's setter, and
      // send the input event a keystroke would have.
      field.value = '';
      const prototype =
        field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
