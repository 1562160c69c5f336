import { createContext } from 'react';

/** What a `file` widget does with the picked file: the action form sends it at once. */
export interface FilePick {
  onPick: (field: string, file: File) => void;
  /** A send is under way (the picker shows a spinner). */
  busy: boolean;
  /** The picture to show in the picker, once an upload answered one. */
  preview?: string;
  /** Id of the preview picture (`<prefix>_image`). */
  previewId?: string;
}

export const FilePickContext = createContext<FilePick | undefined>(undefined);
