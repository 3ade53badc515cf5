import { JSDOM } from 'jsdom';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { themes } from '../../../web/src/shared/ui/theme';

/**
 * Renders a component into a jsdom page with the app's theme, React's act() around every change, so a test
 * drives a form as a person would: by its labels, typing and submitting.
 */
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
const globals = globalThis as unknown as Record<string, unknown>;
for (const name of [
  'window',
  'document',
  'navigator',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLButtonElement',
  'HTMLFormElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
  'Event',
  'FocusEvent',
  'MouseEvent',
  'KeyboardEvent',
  'File',
  'FileList',
  'getComputedStyle',
]) {
  globals[name] = (dom.window as unknown as Record<string, unknown>)[name];
}
globals.IS_REACT_ACT_ENVIRONMENT = true;

// Loaded after the globals: react-dom reads `window` as it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { act } = require('react') as typeof import('react');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('react-dom/client') as typeof import('react-dom/client');

export async function render(element: ReactNode) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(<ThemeProvider theme={themes.light}>{element}</ThemeProvider>));

  /** The control a label names (the label's text, without the required asterisk). */
  const field = (label: string): HTMLInputElement => {
    const match = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
    const control = match && (container.querySelector(`#${CSS.escape(match.htmlFor)}`) as HTMLInputElement | null);
    if (!control) throw new Error(`No hay campo «${label}»`);
    return control;
  };
  /** The error the control is described by, or null. */
  const errorOf = (label: string): string | null => {
    const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
  };
  const type = async (label: string, value: string) => {
    const control = field(label);
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!;
    await act(async () => {
      setter.call(control, value);
      control.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
    });
  };
  const submit = async (form = container.querySelector('form')!) => {
    await act(async () => {
      form.dispatchEvent(new dom.window.Event('submit', { bubbles: true, cancelable: true }));
    });
  };
  const unmount = () => act(async () => root.unmount()).then(() => container.remove());
  return { container, field, errorOf, type, submit, unmount };
}

const CSS = { escape: (id: string) => id.replace(/:/g, '\\:') };
