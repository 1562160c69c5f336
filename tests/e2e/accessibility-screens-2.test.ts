import { describeSidebarScreens } from './support/accessibility-checks.js';

// The second half of the sidebar's screens (accessibility-screens-1 checks the first).
await describeSidebarScreens({ part: 1, parts: 2 });
