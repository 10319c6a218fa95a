import { t } from '../../ui/i18n.js';
/**
 * Where the widget tray shows, folded at first: any upright screen under 700 px wide (a phone),
 * where the widget zones stack in one column over the globe (on a 390×844 phone the demo's four
 * widgets took more than half of the globe the story's sheet leaves, docs/images/published-phone.png),
 * and a window under 480 px high and at least 16:9 wide (a phone turned sideways, 640×360 to
 * 930×430, where the demo's widgets covered two thirds of the globe beside the story). Small
 * windows of 640×480, 600×420 or 480×360 keep their corners side by side and have no tray. The one place this rule lives: the stylesheet reads the `tray-on` class.
 */
export const TRAY_FOLDED_AT = '(max-width: 700px) and (orientation: portrait), (max-height: 479px) and (min-aspect-ratio: 16/9)';

/**
 * A button that folds and unfolds every widget zone of `overlay` where {@link TRAY_FOLDED_AT}
 * matches (elsewhere the button is hidden and the widgets always show, plugin-widgets.css). It
 * starts folded there, and folds or opens again when the window crosses into or out of it (a phone
 * turned), as the legend does. A real button: Enter and Space toggle it, `aria-expanded` says
 * its state. Widgets keep running while folded: only their frames are out of sight.
 */
export function createWidgetTray(overlay: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'orbis-widget-tray';
  button.dataset.testid = 'widget-tray';
  button.textContent = t('tabs.widgets');
  const small = typeof matchMedia === 'function' ? matchMedia(TRAY_FOLDED_AT) : undefined;
  const set = (open: boolean) => {
    overlay.classList.toggle('tray-on', Boolean(small?.matches));
    overlay.classList.toggle('tray-folded', !open);
    button.setAttribute('aria-expanded', String(open));
    button.title = open ? t('widgets.hide') : t('widgets.showAll');
  };
  set(!small?.matches);
  small?.addEventListener('change', () => set(!small.matches));
  button.addEventListener('click', () => set(overlay.classList.contains('tray-folded')));
  overlay.prepend(button);
  return button;
}
