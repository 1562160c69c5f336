import type { ProviderBody } from './provider-http.js';
import { SocialProviderError, profileOf, text, type SocialProfile } from './social-provider.js';
import { standardOAuth2 } from './standard-oauth2.js';

/**
 * GitHub's and Gitee's user (id, login, name, avatar_url, blog, company, location, email,
 * bio); an OpenID Connect userinfo (sub, preferred_username, name, picture) reads the same.
 */
function codeHostProfile(user: ProviderBody): SocialProfile {
  const uuid = text(user.id) || text(user.sub);
  if (!uuid) throw new SocialProviderError('the user info has no id');
  return profileOf({
    uuid,
    username: text(user.login) || text(user.preferred_username) || uuid,
    nickname: text(user.name) || text(user.nickname) || text(user.login),
    avatar: text(user.avatar_url) || text(user.picture),
    blog: text(user.blog) || text(user.website),
    company: text(user.company),
    location: text(user.location),
    email: text(user.email),
    remark: text(user.bio),
  });
}

export const github = standardOAuth2({
  defaults: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: 'read:user user:email',
  },
  toProfile: codeHostProfile,
});

export const gitee = standardOAuth2({
  defaults: {
    authorizeUrl: 'https://gitee.com/oauth/authorize',
    tokenUrl: 'https://gitee.com/oauth/token',
    userInfoUrl: 'https://gitee.com/api/v5/user',
    scope: 'user_info',
  },
  toProfile: codeHostProfile,
  tokenInQuery: true,
});
