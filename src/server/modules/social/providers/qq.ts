import { accessTokenOf, callProvider, withQuery } from './provider-http.js';
import { SocialProviderError, profileOf, text, type SocialProvider } from './social-provider.js';

const GENDERS: Record<string, string> = { 男: 'MALE', 女: 'FEMALE' };

/**
 * QQ Connect: token by GET (fmt=json), then the openid from `/oauth2.0/me` on the token
 * URL's host, then get_user_info with the app id as oauth_consumer_key.
 */
export const qq: SocialProvider = {
  defaults: {
    authorizeUrl: 'https://graph.qq.com/oauth2.0/authorize',
    tokenUrl: 'https://graph.qq.com/oauth2.0/token',
    userInfoUrl: 'https://graph.qq.com/user/get_user_info',
    scope: 'get_user_info',
  },
  authorizeUrl: ({ settings, state }) => withQuery(settings.authorizeUrl, {
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    scope: settings.scope,
    state,
  }),
  async fetchProfile({ settings, code }) {
    const token = accessTokenOf(await callProvider(withQuery(settings.tokenUrl, {
      grant_type: 'authorization_code', client_id: settings.clientId, client_secret: settings.clientSecret, code, redirect_uri: settings.redirectUri, fmt: 'json',
    })));
    const me = await callProvider(withQuery(new URL('/oauth2.0/me', settings.tokenUrl).toString(), { access_token: token, fmt: 'json' }));
    const openid = text(me.openid);
    if (!openid) throw new SocialProviderError('no openid from oauth2.0/me');
    const user = await callProvider(withQuery(settings.userInfoUrl, { access_token: token, oauth_consumer_key: settings.clientId, openid }));
    return profileOf({
      uuid: openid,
      username: text(user.nickname) || openid,
      nickname: text(user.nickname),
      avatar: text(user.figureurl_qq_2) || text(user.figureurl_qq_1),
      location: [user.province, user.city].map(text).filter(Boolean).join('-'),
      gender: GENDERS[text(user.gender)] ?? 'UNKNOWN',
    });
  },
};
