import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import type { EngineMessageKey } from '../../engine-messages';
import { useEngineText } from '../../common/use-engine-text';

const COMMANDS: { command: string; label: EngineMessageKey; icon: typeof FormatBoldIcon }[] = [
  { command: 'bold', label: 'bold', icon: FormatBoldIcon },
  { command: 'italic', label: 'italic', icon: FormatItalicIcon },
  { command: 'underline', label: 'underline', icon: FormatUnderlinedIcon },
  { command: 'insertUnorderedList', label: 'bulletList', icon: FormatListBulletedIcon },
  { command: 'insertOrderedList', label: 'numberList', icon: FormatListNumberedIcon },
  { command: 'createLink', label: 'link', icon: LinkIcon },
];

function currentRange(): Range | undefined {
  const selection = window.getSelection();
  return selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : undefined;
}

/** A prompt takes the selection away; the link goes where it was. */
function restoreRange(range: Range | undefined): void {
  const selection = window.getSelection();
  if (!range || !selection) return;
  selection.removeAllRanges();
  selection.addRange(range);
}

export interface RichTextToolbarProps {
  editor: RefObject<HTMLDivElement | null>;
  /** Called after a command changed the editor's HTML. */
  onCommand: () => void;
}

/** Formatting buttons of the rich-text editor (document.execCommand on the current selection). */
export function RichTextToolbar({ editor, onCommand }: RichTextToolbarProps) {
  const { t } = useEngineText();
  const run = (command: string) => {
    const saved = currentRange();
    const url = command === 'createLink' ? window.prompt(t('linkPrompt'), 'https://') : undefined;
    if (command === 'createLink' && !url) return;
    editor.current?.focus();
    restoreRange(saved);
    document.execCommand(command, false, url ?? undefined);
    onCommand();
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
      {COMMANDS.map(({ command, label, icon: Icon }) => (
        <IconButton
          key={command}
          size="small"
          aria-label={t(label)}
          title={t(label)}
          // Keep the editor's selection: a button would take the focus on mouse down.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run(command)}
        >
          <Icon fontSize="small" />
        </IconButton>
      ))}
    </Box>
  );
}
