import { useEffect, useMemo, useRef } from 'react';
import Image from '@tiptap/extension-image';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  LinkBubbleMenu,
  LinkBubbleMenuHandler,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonEditLink,
  MenuButtonImageUpload,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonUnderline,
  MenuControlsContainer,
  RichTextEditor as MuiTiptapEditor,
  type RichTextEditorRef,
} from 'mui-tiptap';
import { useEngineText } from '../../../common/use-engine-text';
import { uploadImage } from './upload-image';

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  value: string;
  readOnly: boolean;
  onChange: (html: string | undefined) => void;
  onBlur: (html: string | undefined) => void;
  onFocus: () => void;
}

/** The editor's HTML, with an empty editor read as no value. */
const htmlOf = (editor: Editor): string | undefined => (editor.isEmpty ? undefined : editor.getHTML());

/**
 * mui-tiptap (Tiptap) editor: the value is HTML, sanitized again by the server. Pictures
 * are uploaded to our object store and inserted by their link. Loaded lazily: only
 * screens with rich text pay for it.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useEngineText();
  const ref = useRef<RichTextEditorRef>(null);
  const extensions = useMemo(() => [StarterKit.configure({ link: { openOnClick: false } }), Image, LinkBubbleMenuHandler], []);

  useEffect(() => {
    // Only an outside change is written back, so typing keeps the caret where it is.
    const editor = ref.current?.editor;
    if (editor && !editor.isDestroyed && (htmlOf(editor) ?? '') !== props.value) editor.commands.setContent(props.value, { emitUpdate: false });
  }, [props.value]);

  useEffect(() => { ref.current?.editor?.setEditable(!props.readOnly); }, [props.readOnly]);

  const onUploadFiles = async (files: File[]) => {
    const links = await Promise.all(files.map(uploadImage));
    return links.flatMap((src, i) => (src ? [{ src, alt: files[i].name }] : []));
  };

  return (
    <MuiTiptapEditor
      ref={ref}
      extensions={extensions}
      content={props.value}
      editable={!props.readOnly}
      immediatelyRender
      editorProps={{ attributes: { id: props.id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': props.labelId } }}
      onUpdate={({ editor }) => props.onChange(htmlOf(editor))}
      onBlur={({ editor }) => props.onBlur(htmlOf(editor))}
      onFocus={() => props.onFocus()}
      RichTextFieldProps={{ variant: 'outlined', MenuBarProps: { hide: props.readOnly } }}
      sx={{ '& .ProseMirror': { minHeight: 160, overflowWrap: 'anywhere' }, '& .ProseMirror img': { maxWidth: '100%' } }}
      renderControls={() => (
        <MenuControlsContainer>
          <MenuButtonBold tooltipLabel={t('bold')} />
          <MenuButtonItalic tooltipLabel={t('italic')} />
          <MenuButtonUnderline tooltipLabel={t('underline')} />
          <MenuButtonBulletedList tooltipLabel={t('bulletList')} />
          <MenuButtonOrderedList tooltipLabel={t('numberList')} />
          <MenuButtonEditLink tooltipLabel={t('link')} />
          <MenuButtonImageUpload tooltipLabel={t('image')} onUploadFiles={onUploadFiles} />
        </MenuControlsContainer>
      )}
    >
      {() => (
        <LinkBubbleMenu
          labels={{
            viewLinkEditButtonLabel: t('linkEdit'),
            viewLinkRemoveButtonLabel: t('linkRemove'),
            editLinkAddTitle: t('link'),
            editLinkEditTitle: t('linkEdit'),
            editLinkTextInputLabel: t('linkText'),
            editLinkHrefInputLabel: t('linkPrompt'),
            editLinkCancelButtonLabel: t('linkCancel'),
            editLinkSaveButtonLabel: t('linkSave'),
          }}
        />
      )}
    </MuiTiptapEditor>
  );
}
