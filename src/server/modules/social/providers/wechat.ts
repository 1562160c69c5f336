import { accessTokenOf, callProvider, withQuery } from './provider-http.js';
import { SocialProviderError, profileOf, text, type SocialProvider } from './social-provider.js';

const GENDERS: Record<string, string> = { 1: 'MALE', 2: 'FEMALE' };

/**
 * WeChat Open Platform website sign-in: QR page with `appid`; the token endpoint is a GET
 * answering the openid beside the token; userinfo takes both as parameters.
 */
export const wechat: SocialProvider = {
  defaults: {
    authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userInfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_login',
  },
  authorizeUrl: ({ settings, state }) => `${withQuery(settings.authorizeUrl, {
    appid: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: settings.scope,
    state,
  })}#wechat_redirect`,
  async fetchProfile({ settings, code }) {
    const token = await callProvider(withQuery(settings.tokenUrl, { appid: settings.clientId, secret: settings.clientSecret, code, grant_type: 'authorization_code' }));
    const openid = text(token.openid);
    if (!openid) throw new SocialProviderError('no openid in the token answer');
    const user = await callProvider(withQuery(settings.userInfoUrl, { access_token: accessTokenOf(token), openid, lang: 'zh_CN' }));
    return profileOf({
      uuid: openid,
      username: text(user.nickname) || openid,
      nickname: text(user.nickname),
      avatar: text(user.headimgurl),
      location: [user.country, user.province, user.city].map(text).filter(Boolean).join('-'),
      gender: GENDERS[text(user.sex)] ?? 'UNKNOWN',
      remark: text(user.unionid),
    });
  },
};
