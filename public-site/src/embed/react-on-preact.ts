import { createContext, Fragment, options, type VNode } from 'preact';

// The embed's React (vite.embed.config.ts points `react` here; so does the customer's pages' build,
// vite.account.config.ts): the few React APIs its components
// use, on Preact's core. preact/compat does the same for all of React, and its Suspense, portals,
// class-component and event shims cost the embed ~2 KB brotli of its 15 KB budget (issue 31). The
// embed's browser tests run against this build, so a React API it starts to use and this file
// lacks fails the build (a missing export) or those tests, not a visitor.
export { createContext, Fragment };
export {
  useCallback,
  useContext,
  useEffect,
  // The customer's pages' build (vite.account.config.ts) uses it only in parts drawn after hydration
  // (the sign-in form), so its ids never have to match the React-prerendered HTML's.
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'preact/hooks';

/** Strict mode only adds checks in development; Preact has none to add. */
export const StrictMode = Fragment;

/** Preact renders a transition's update at once (no concurrent rendering to defer it to). */
export function startTransition(update: () => void) {
  update();
}

// React's DOM props where they differ from the browser's names, as preact/compat maps them. Only
// what React gives the embed's markup a meaning for; anything else goes to the DOM as it is.
/** SVG attributes React spells in camelCase (strokeWidth is stroke-width). */
const CAMEL_SVG = /^(?:clip|fill|font|marker|stop|stroke|text)[A-Z]/;
/** Inputs whose React onChange is the browser's change event; on the others it is input. */
const CHANGE_IS_CHANGE = /^(?:file|checkbox|radio)$/;

/** A vnode as the hook below reads and rewrites it. */
interface DomVNode {
  type: VNode['type'];
  props: Record<string, unknown>;
}

function reactDomProps(vnode: DomVNode) {
  const { type, props } = vnode;
  if (typeof type !== 'string') return;
  const mapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    let domName = name;
    if (
      name === 'onChange' &&
      (type === 'textarea' || (type === 'input' && !CHANGE_IS_CHANGE.test(String(props.type))))
    ) {
      // React's onChange fires at every keystroke: the browser's input event.
      domName = 'onInput';
    } else if (name === 'onFocus' || name === 'onBlur') {
      // React's focus events bubble (a toast keeps its timer while its close button has focus).
      domName = name === 'onFocus' ? 'onfocusin' : 'onfocusout';
    } else if (CAMEL_SVG.test(name)) {
      domName = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    }
    mapped[domName] = value;
  }
  vnode.props = mapped;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  reactDomProps(vnode as unknown as DomVNode);
  previousVnodeHook?.(vnode);
};
