import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AirplayIcon from '@mui/icons-material/Airplay';
import ApiIcon from '@mui/icons-material/Api';
import ArticleIcon from '@mui/icons-material/Article';
import BarChartIcon from '@mui/icons-material/BarChart';
import BugReportIcon from '@mui/icons-material/BugReport';
import BuildIcon from '@mui/icons-material/Build';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExploreIcon from '@mui/icons-material/Explore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FlagIcon from '@mui/icons-material/Flag';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpIcon from '@mui/icons-material/Help';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import InfoIcon from '@mui/icons-material/Info';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import LinkIcon from '@mui/icons-material/Link';
import CodeIcon from '@mui/icons-material/Code';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MailIcon from '@mui/icons-material/Mail';
import MapIcon from '@mui/icons-material/Map';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MessageIcon from '@mui/icons-material/Message';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIcon from '@mui/icons-material/Phone';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PieChartIcon from '@mui/icons-material/PieChart';
import PrintIcon from '@mui/icons-material/Print';
import PublicIcon from '@mui/icons-material/Public';
import PushPinIcon from '@mui/icons-material/PushPin';
import RefreshIcon from '@mui/icons-material/Refresh';
import RepeatIcon from '@mui/icons-material/Repeat';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SchoolIcon from '@mui/icons-material/School';
import SearchIcon from '@mui/icons-material/Search';
import SecurityIcon from '@mui/icons-material/Security';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SmsIcon from '@mui/icons-material/Sms';
import StarIcon from '@mui/icons-material/Star';
import StorageIcon from '@mui/icons-material/Storage';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TuneIcon from '@mui/icons-material/Tune';
import UploadIcon from '@mui/icons-material/Upload';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import VisibilityIcon from '@mui/icons-material/Visibility';
import WarningIcon from '@mui/icons-material/Warning';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { LocalText } from '../../shared/schema/entity-model';

export type IconComponent = typeof FolderIcon;

/** One pickable icon: the class stored in `source` and what the console draws for it. */
export interface IconEntry {
  value: string;
  Icon: IconComponent;
  /** Words a search matches besides the class (both languages). */
  keywords: string;
}

export interface IconGroup {
  key: string;
  label: LocalText;
  icons: IconEntry[];
}

const entry = (value: string, Icon: IconComponent, keywords: string): IconEntry => ({ value, Icon, keywords });

/**
 * Saber's iconfont classes (the menus of bladex-backend §8.1). The font itself is served
 * from Alibaba's CDN in Saber and is not shipped here, so each class is drawn with the
 * Material icon closest to its glyph; the stored value stays Saber's class.
 */
const systemIcons: IconEntry[] = [
  entry('iconfont iconicon_airplay', AirplayIcon, '工作台 desk airplay'),
  entry('iconfont iconicon_sms', SmsIcon, '通知 短信 notice sms'),
  entry('iconfont iconicon_notice', CampaignIcon, '事务 公告 work notice'),
  entry('iconfont iconicon_compile', EditNoteIcon, '发起 编辑 start compile'),
  entry('iconfont iconicon_ding', PushPinIcon, '待签 附件 claim pin'),
  entry('iconfont iconicon_savememo', NoteAddIcon, '待办 代码 todo memo'),
  entry('iconfont iconicon_doc', DescriptionIcon, '日志 文档 log doc'),
  entry('iconfont iconicon_dispose', TaskAltIcon, '办结 done dispose'),
  entry('iconfont iconicon_study', SchoolIcon, '文档 字典 study doc'),
  entry('iconfont iconicon_send', SendIcon, '流程 接口 flow send'),
  entry('iconfont iconicon_discovery', ExploreIcon, '模型 model discovery'),
  entry('iconfont iconicon_cspace', WorkspacesIcon, '部署 任务 deploy space'),
  entry('iconfont iconicon_cloud_history', HistoryIcon, '流程管理 history'),
  entry('iconfont iconicon_GPS', GpsFixedIcon, '跟踪 follow gps'),
  entry('iconfont iconicon_coinpurse_line', AccountBalanceWalletIcon, '资源 resource purse'),
  entry('iconfont iconicon_subordinate', AccountTreeIcon, '菜单 对象存储 menu tree subordinate'),
  entry('iconfont iconicon_message', MessageIcon, '岗位 短信 post message'),
  entry('iconfont iconicon_boss', SupervisorAccountIcon, '角色 role boss'),
  entry('iconfont iconicon_setting', SettingsIcon, '系统 设置 system setting'),
  entry('iconfont iconicon_principal', PersonIcon, '用户 user principal'),
  entry('iconfont iconicon_group', GroupsIcon, '部门 机构 dept group'),
  entry('iconfont iconicon_addresslist', MenuBookIcon, '字典 dict address'),
  entry('iconfont iconicon_community_line', ForumIcon, '参数 param community'),
  entry('iconfont iconicon_mobilephone', PhoneAndroidIcon, '应用 client mobile phone'),
  entry('iconfont iconicon_link', LinkIcon, '第三方 social link'),
  entry('iconfont iconicon_affiliations_li', CategoryIcon, '基础 base affiliations'),
  entry('iconfont icon-yanzhengma', VerifiedUserIcon, '监控 monitor verify'),
  entry('iconfont icon-canshu', TuneIcon, '参数 顶部菜单 服务 param top admin'),
  entry('iconfont icon-wxbgongju', BuildIcon, '研发 工具 tool'),
  entry('iconfont icon-caidanguanli', StorageIcon, '数据源 datasource'),
  entry('iconfont icon-shujuzhanshi2', BarChartIcon, '报表 数据权限 report data chart'),
  entry('iconfont icon-rizhi', EventNoteIcon, '报表配置 日志 report log'),
  entry('iconfont icon-biaodan', ListAltIcon, '报表列表 表单 report form'),
  entry('iconfont icon-iframe', PublicIcon, '行政区划 region iframe'),
  entry('iconfont icon-bofangqi-suoping', SecurityIcon, '权限 authority lock'),
  entry('iconfont icon-iconset0216', ApiIcon, '接口权限 api scope'),
  entry('iconfont icon-quanxian', AdminPanelSettingsIcon, '租户 权限 tenant permission'),
  entry('iconfont icon-caidan', MenuIcon, '菜单 默认 menu default'),
];

/** Plain names, as BladeX's buttons use (`plus`, `form`, `delete`, `file-text`). */
const generalIcons: IconEntry[] = [
  entry('plus', AddIcon, '新增 add plus'),
  entry('form', EditIcon, '修改 编辑 edit form'),
  entry('delete', DeleteIcon, '删除 delete remove'),
  entry('file-text', ArticleIcon, '查看 view file text'),
  entry('setting', SettingsIcon, '设置 配置 setting'),
  entry('user', PersonIcon, '用户 角色 user'),
  entry('retweet', RepeatIcon, '重置 reset retweet'),
  entry('search', SearchIcon, '搜索 search'),
  entry('upload', UploadIcon, '上传 导入 upload import'),
  entry('download', DownloadIcon, '下载 导出 download export'),
  entry('bug', BugReportIcon, '调试 debug bug'),
  entry('lock', LockIcon, '锁定 lock'),
  entry('unlock', LockOpenIcon, '解锁 unlock'),
  entry('refresh', RefreshIcon, '刷新 refresh'),
  entry('eye', VisibilityIcon, '查看 预览 eye view'),
  entry('home', HomeIcon, '首页 home'),
  entry('dashboard', DashboardIcon, '仪表盘 dashboard'),
  entry('folder', FolderIcon, '文件夹 folder'),
  entry('picture', ImageIcon, '图片 picture image'),
  entry('mail', MailIcon, '邮件 mail'),
  entry('phone', PhoneIcon, '电话 phone'),
  entry('calendar', CalendarMonthIcon, '日历 calendar'),
  entry('clock', ScheduleIcon, '时间 clock time'),
  entry('bell', NotificationsIcon, '通知 bell'),
  entry('cloud', CloudIcon, '云 cloud'),
  entry('database', StorageIcon, '数据库 database'),
  entry('chart', PieChartIcon, '图表 统计 chart'),
  entry('tag', LocalOfferIcon, '标签 tag'),
  entry('flag', FlagIcon, '旗帜 flag'),
  entry('star', StarIcon, '收藏 star'),
  entry('heart', FavoriteIcon, '喜欢 heart'),
  entry('key', KeyIcon, '密钥 密码 key'),
  entry('print', PrintIcon, '打印 print'),
  entry('share', ShareIcon, '分享 share'),
  entry('cart', ShoppingCartIcon, '购物 cart'),
  entry('global', LanguageIcon, '语言 全球 global language'),
  entry('map', MapIcon, '地图 map'),
  entry('check', CheckIcon, '确定 check'),
  entry('link', LinkIcon, '连接 测试连接 link connection'),
  entry('code', CodeIcon, '代码 代码生成 code generate'),
  entry('close', CloseIcon, '关闭 close'),
  entry('info', InfoIcon, '信息 info'),
  entry('warning', WarningIcon, '警告 warning'),
  entry('question', HelpIcon, '帮助 question help'),
];

/** The picker's groups, in Saber's order (通用图标, 系统图标). */
export const iconGroups: IconGroup[] = [
  { key: 'general', label: { zh: '通用图标', en: 'General' }, icons: generalIcons },
  { key: 'system', label: { zh: '系统图标', en: 'System' }, icons: systemIcons },
];

const byValue = new Map(iconGroups.flatMap((group) => group.icons.map((icon) => [normalize(icon.value), icon] as const)));

function normalize(source: string): string {
  return source.trim().replace(/^iconfont\s+/, '');
}

/** The catalogue entry whose class is `source` (with or without the `iconfont ` prefix). */
export function findIcon(source: string | undefined | null): IconEntry | undefined {
  return source ? byValue.get(normalize(source)) : undefined;
}

/** Icons of `group` whose class or keywords contain every word of `query`. */
export function searchIcons(group: IconGroup, query: string): IconEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return group.icons.filter((icon) => {
    const text = `${icon.value} ${icon.keywords}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
