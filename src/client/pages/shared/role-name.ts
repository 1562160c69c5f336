/**
 * Saber's role-gated buttons: `userInfo.role_name.includes('admin')`. The token's
 * role_name is the comma-joined role aliases, and Saber tests it as a string, so
 * `administrator` also passes a test for `admin`.
 */
export function hasRole(roleName: string | undefined, role: string): boolean {
  return typeof roleName === 'string' && roleName.includes(role);
}
