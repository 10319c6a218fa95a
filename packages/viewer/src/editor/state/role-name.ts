import type { Role } from '@orbis/scene/roles';
import { t } from '../../ui/i18n.js';

/** A role in the page's language (the API keeps its English names: `reader`, `writer`, `maintainer`, `owner`). */
export function roleName(role: Role): string {
  return t(`roles.${role}`);
}
