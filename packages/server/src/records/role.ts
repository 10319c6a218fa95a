// The roles and their order are shared with the editor: declared once in @orbis/scene/roles.
export { isRole, lesserRole, ROLES, type Role, roleAtLeast } from '@orbis/scene/roles';
