/**
 * Where the widget tray starts folded: any upright screen under 700 px wide (a phone). There the
 * widget zones stack in one column over the globe; on a 390×844 phone the demo's four widgets took
 * more than half of the globe the story's sheet leaves (docs/images/published-phone.png). A
 * landscape small window (640×480) keeps its corners side by side and has no tray.
 */
export const TRAY_FOLDED_AT = '(max-width: 700px) and (orientation: portrait)';

/**
 * A button that folds and unfolds every widget zone of `overlay` (the published page on an upright
 * screen under 700 px wide, where the corners stack in one column; elsewhere the button is hidden
 * and the widgets always show, plugin-widgets.css). It starts folded where
 * {@link TRAY_FOLDED_AT} matches and folds or opens again when the window crosses that size (a
 * phone turned), as the legend does. A real button: Enter and Space toggle it, `aria-expanded` says
 * its state. Widgets keep running while folded: only their frames are out of sight.
 */
export function createWidgetTray(overlay: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'orbis-widget-tray';
  button.dataset.testid = 'widget-tray';
  button.textContent = 'Widgets';
  const set = (open: boolean) => {
    overlay.classList.toggle('tray-folded', !open);
    button.setAttribute('aria-expanded', String(open));
    button.title = open ? 'Hide the widgets' : 'Show the widgets';
  };
  const small = typeof matchMedia === 'function' ? matchMedia(TRAY_FOLDED_AT) : undefined;
  set(!small?.matches);
  small?.addEventListener('change', () => set(!small.matches));
  button.addEventListener('click', () => set(overlay.classList.contains('tray-folded')));
  overlay.classList.add('has-tray');
  overlay.prepend(button);
  return button;
}
