import { useSession } from '../../session/use-session';

/** Whether the signed-in user (the token's comma-joined role aliases) holds one of `roles`; none asked: yes. */
export function holdsOneRole(roleName: string | undefined, roles: string[]): boolean {
  const held = (roleName ?? '').split(',');
  return roles.length === 0 || roles.some((role) => held.includes(role));
}

/** The signed-in user's role aliases, comma-joined as the token carries them. */
export function useRoleAliases(): string | undefined {
  return useSession().userInfo?.role_name;
}
