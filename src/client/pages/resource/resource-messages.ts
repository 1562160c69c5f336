/** Texts of the resource screens (OSS, SMS, attachments), registered as `pages.resource`. zh and en hold the same keys. */
const zh = {
  upload: '上 传',
  attachDialog: '附件管理',
  attachFile: '附件上传',
  dropTip: '将文件拖到此处，或',
  clickUpload: '点击上传',
  download: '下载',
};

const en: typeof zh = {
  upload: 'Upload',
  attachDialog: 'Attachments',
  attachFile: 'Attachment',
  dropTip: 'Drop a file here, or ',
  clickUpload: 'click to upload',
  download: 'Download',
};

export const resourceMessages = { zh, en };
