import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BuildIcon from '@mui/icons-material/Build';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import type { IconComponent } from './icon-catalogue';

/**
 * Classes outside the catalogue (menus imported from another Saber install) still get a
 * fitting icon from a word in the class; anything else gets the default menu icon
 * (Saber's `iconfont icon-caidan`).
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

export function iconByWord(source: string): IconComponent {
  const text = source.toLowerCase();
  return iconsByWord.find(([pattern]) => pattern.test(text))?.[1] ?? MenuIcon;
}
