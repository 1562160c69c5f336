import type { Lang } from '../../shared/schema/entity-model.js';

/** The verified caller, from the access token. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  nickName: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  /** Session id shared by the access and refresh tokens of one sign-in. */
  sid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Served without a token. */
    open?: boolean;
  }
}
