import { describeSidebarScreens } from './support/accessibility-checks.js';

// The first half of the sidebar's screens (accessibility-screens-2 checks the other).
await describeSidebarScreens({ part: 0, parts: 2 });
