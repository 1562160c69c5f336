/** The user screen's own endpoints (BladeX `/blade-user`, bladex-backend §4.4). */

export const EXPORT_TEMPLATE_URL = '/blade-user/export-template';
