import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BuildIcon from '@mui/icons-material/Build';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FolderIcon from '@mui/icons-material/Folder';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';

type IconComponent = typeof FolderIcon;

/**
 * Menu `source` holds a Saber iconfont class (`iconfont iconicon_setting`). The font is
 * not shipped, so a word in the class picks a Material icon; anything else gets the
 * default icon.
 */
const iconsByWord: [RegExp, IconComponent][] = [
  [/setting|system/, SettingsIcon],
  [/user|people|team|role/, PeopleIcon],
  [/safe|secur|scope|auth/, SecurityIcon],
  [/log|notice_line|file|text/, ArticleIcon],
  [/notice|message|bell/, NotificationsIcon],
  [/flow|work|process|tree/, AccountTreeIcon],
  [/tool|develop|code|build/, BuildIcon],
  [/cloud|oss|resource|upload/, CloudIcon],
  [/report|chart|data|stat/, AssessmentIcon],
  [/dict|book/, MenuBookIcon],
  [/param|community|tune/, TuneIcon],
  [/home|dashboard|desk/, DashboardIcon],
];

export function MenuItemIcon({ source }: { source?: string }) {
  const text = (source ?? '').toLowerCase();
  const Icon = iconsByWord.find(([pattern]) => pattern.test(text))?.[1] ?? FolderIcon;
  return <Icon fontSize="small" />;
}
