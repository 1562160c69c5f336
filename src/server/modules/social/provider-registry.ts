import { gitee, github } from './providers/code-hosts.js';
import { qq } from './providers/qq.js';
import type { SocialProvider, SocialSource } from './providers/social-provider.js';
import { wechat } from './providers/wechat.js';

/** Every source the console offers, each with its provider (the type keeps it exhaustive). */
export const providers: Record<SocialSource, SocialProvider> = { github, gitee, wechat, qq };
