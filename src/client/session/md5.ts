import blueimpMd5 from 'blueimp-md5';

/**
 * MD5 of a string's UTF-8 bytes, as lower-case hex (blueimp-md5). The BladeX token
 * endpoint takes the password md5-hashed; no crypto strength is claimed or needed.
 */
export function md5(text: string): string {
  return blueimpMd5(text);
}
