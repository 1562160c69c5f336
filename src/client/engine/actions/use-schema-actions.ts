import { useCallback, useMemo, useState } from 'react';
import type { ActionModel, EntityModel } from '../../../shared/schema/entity-model';
import { toast } from '../../ui/toast';
import { usePermissions } from '../../session/use-permissions';
import { reportFailure } from '../../ui/report-failure';
import { holdsOneRole, useRoleAliases } from '../common/role-aliases';
import { useEngineText } from '../common/use-engine-text';
import type { ResourceRow } from '../data/resource-api';
import type { RowExtra, ToolbarExtra } from '../extensions';
import { isSubmittable, SUBMIT_APPROVAL_ACTION } from '../../../shared/schema/flow-status';
import { callSchemaAction, previewSchemaAction } from './schema-action-api';

/** A run kind `link` row's URL, when the row has one. */
function linkOf(action: ActionModel, row: ResourceRow): string | undefined {
  const value = action.run.kind === 'link' ? row[action.run.field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value the action's parameter carries for a row: its `keyField` (the primary key unless the schema names another). */
function keyOfRow(action: ActionModel, row: ResourceRow): string {
  return String(row[action.keyField] ?? '');
}

/** Whether the row has the values of the action's `showWhen` (compared as text); none asked: yes. */
function showsFor(action: ActionModel, row: ResourceRow): boolean {
  return Object.entries(action.showWhen ?? {}).every(([name, value]) => String(row[name] ?? '') === String(value));
}

/** An action of run kind open, pressed on a row: its list is shown until closed. */
export interface OpenedList {
  action: ActionModel;
  row: ResourceRow;
  onClose: () => void;
}

interface Pending {
  action: ActionModel;
  keys: string[];
  /** The rows pressed on (an action form starts from them). */
  rows: ResourceRow[];
  reload: () => void;
  /** What the action would do (`preview`), shown with the question. */
  detail?: string;
  /** A form's checked values, sent once the action's `confirm` is answered. */
  values?: Record<string, unknown>;
}

/**
 * The model's `x-actions` as toolbar and row buttons: shown when one of the action's
 * button codes is granted; the selection is checked (one / at least one), the
 * confirmation asked when the schema has one (with what the action would do, for a
 * `preview` action, asked from the server first), then the endpoint called, the answer's
 * `msg` toasted (the success text, plus what the hook told the caller) and the list
 * reloaded. An action with a `form` opens its dialog instead (ActionFormDialog), whose values
 * go with the call (after the action's question, when it has one); the dialog stays open when the server refuses them. An action of run kind
 * open calls nothing: its row's list is handed back (`openProps`) for ResourcePage to show,
 * and a `showWhen` leaves the row button out of the rows without its values. No page code per action.
 */
export function useSchemaActions(model: EntityModel) {
  const { t, lang } = useEngineText();
  const flags = usePermissions();
  const roleAliases = useRoleAliases();
  const [pending, setPending] = useState<Pending>();
  const [asking, setAsking] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<{ action: ActionModel; row: ResourceRow }>();

  const run = useCallback(async (p: Pending, values?: Record<string, unknown>) => {
    setBusy(true);
    try {
      const msg = await callSchemaAction(model, p.action, { keys: p.keys, values });
      toast.success(msg ?? p.action.success?.[lang] ?? t('operationSuccess'));
      setAsking(undefined);
      p.reload();
    } catch (error) {
      // A refused form stays open with what was typed.
      reportFailure(error);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }, [model, lang, t]);

  const start = useCallback(async (p: Pending) => {
    if (p.action.form) return setAsking(p);
    if (!p.action.preview) return p.action.confirm ? setPending(p) : void run(p);
    try {
      setPending({ ...p, detail: await previewSchemaAction(model, p.action, p.keys) });
    } catch (error) {
      reportFailure(error);
    }
  }, [model, run]);

  const { toolbarExtras, rowExtras } = useMemo(() => {
    const granted = (a: ActionModel) => [a.permission, ...a.alsoGrantedBy].some((code) => flags[code] === true) && holdsOneRole(roleAliases, a.roles);
    const shown = (model.actions ?? []).filter(granted);
    const toolbar: ToolbarExtra[] = shown.filter((a) => a.show !== 'row').map((a) => ({
      key: a.key,
      label: a.label[lang],
      onClick: ({ selected, reload }: { selected: ResourceRow[]; reload: () => void }) => {
        if (a.rows === 'none') return void start({ action: a, keys: [], rows: [], reload });
        if (selected.length === 0) return void toast.warning(t('selectOne'));
        if (a.rows === 'one' && selected.length > 1) return void toast.warning(t('selectOnlyOne'));
        void start({ action: a, keys: selected.map((row) => keyOfRow(a, row)), rows: selected, reload });
      },
    }));
    const row: RowExtra[] = shown.filter((a) => a.show !== 'toolbar').map((a): RowExtra => a.run.kind === 'link' ? {
      key: a.key,
      label: a.label[lang],
      isShownFor: (r: ResourceRow) => linkOf(a, r) !== undefined,
      onClick: ({ row: r }: { row: ResourceRow }) => void window.open(linkOf(a, r), '_blank', 'noopener'),
    } : {
      key: a.key,
      label: a.label[lang],
      ...(a.showWhen ? { isShownFor: (r: ResourceRow) => showsFor(a, r) } : {}),
      // x-flow's 提交审批: only rows none of whose approvals runs or is done.
      ...(model.flow && a.key === SUBMIT_APPROVAL_ACTION ? { isShownFor: (r: ResourceRow) => isSubmittable(model, r) } : {}),
      onClick: ({ row: r, reload }: { row: ResourceRow; reload: () => void }) =>
        a.run.kind === 'open' ? setOpened({ action: a, row: r }) : void start({ action: a, keys: [keyOfRow(a, r)], rows: [r], reload }),
    });
    return { toolbarExtras: toolbar, rowExtras: row };
  }, [model, flags, roleAliases, lang, t, start]);

  const confirmProps = {
    open: pending !== undefined,
    message: pending?.action.confirm?.[lang] ?? '',
    detail: pending?.detail,
    busy,
    onConfirm: () => void (pending && run(pending, pending.values)),
    onCancel: () => setPending(undefined),
  };
  const formProps = asking && {
    model,
    action: asking.action,
    rows: asking.rows,
    busy,
    // A form's confirm is asked once its values pass the checks; 取消 leaves the form as typed.
    onSubmit: (values: Record<string, unknown>) => (asking.action.confirm ? setPending({ ...asking, values }) : void run(asking, values)),
    onClose: () => setAsking(undefined),
    // A file field without a result: the upload was the action (附件 上 传).
    onUploaded: () => {
      toast.success(asking.action.success?.[lang] ?? t('operationSuccess'));
      setAsking(undefined);
      asking.reload();
    },
  };
  const openProps: OpenedList | undefined = opened && { ...opened, onClose: () => setOpened(undefined) };
  return { toolbarExtras, rowExtras, confirmProps, formProps, openProps };
}
