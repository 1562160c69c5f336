/** log_id of the general-log row written for every successful sign-in (password, SMS code, third party). */
export const SIGN_IN_LOG_ID = 'sign-in';
