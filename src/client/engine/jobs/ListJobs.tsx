import { useRef, useState, type ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { ConfirmDialog } from '../common/ConfirmDialog';
import type { ToolbarItem } from '../list/toolbar-item';
import { useEngineText } from '../common/use-engine-text';
import { useExcelGates } from './excel-gates';
import { ImportJobDialog } from './ImportJobDialog';
import { downloadTemplate, startExport, startImport } from './job-api';
import { JobsDrawer } from './JobsDrawer';
import { useJobs } from './use-jobs';

export interface ListJobsProps {
  model: EntityModel;
  /** The list request's parameters now (filters, sort): the export takes them. */
  params: Record<string, unknown>;
  /** 导出 (a page with an export of its own leaves it out). */
  canExport: boolean;
  canImport: boolean;
  scope: string;
  /** Asked before the export starts (确定 starts it); default the schema's `x-export.confirm`. */
  exportConfirm?: string;
  /** An import (x-import's dialog) wrote rows: the list is reloaded. */
  onImported?: () => void;
  /** Draws the toolbar with the jobs' buttons (the list's toolbar folds them with its own). */
  children: (items: ToolbarItem[]) => ReactNode;
}

/**
 * 导出 / 导入 / 任务 on a list whose model offers them: each starts a background job and shows the
 * jobs drawer. An object `x-import` opens its dialog (ImportJobDialog) instead of a bare file
 * pick; an object `x-export` gates 导出 by permission and roles and asks its question first.
 */
export function ListJobs({ model, params, canExport: listExports, canImport: listImports, scope, exportConfirm: pageConfirm, onImported, children }: ListJobsProps) {
  const { t, lang } = useEngineText();
  const gates = useExcelGates(model, lang);
  const canExport = listExports && gates.mayExport;
  const canImport = listImports && gates.mayImport;
  const exportConfirm = pageConfirm ?? gates.exportConfirm;
  const importDialog = model.excel.importDialog;
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const { jobs, reload, anyOpen } = useJobs(shown);
  const fileInput = useRef<HTMLInputElement>(null);
  const started = () => {
    setShown(true);
    void reload();
  };
  const startListExport = () => void startExport(model.key, params).then(started, () => undefined);
  const items: ToolbarItem[] = [
    ...(canExport ? [{ key: 'export', id: `${scope}toolbar_export`, label: t('export'), icon: <DownloadIcon />,
      onClick: () => (exportConfirm ? setConfirming(true) : startListExport()) }] : []),
    ...(canImport ? [{ key: 'import', id: `${scope}toolbar_import`, label: t('import'), icon: <UploadIcon />,
      onClick: () => (importDialog ? setImporting(true) : fileInput.current?.click()) }] : []),
    ...(canImport && !importDialog ? [{ key: 'import_template', id: `${scope}toolbar_import_template`, label: t('importTemplate'), variant: 'text' as const,
      onClick: () => void downloadTemplate(model.key, model.label[lang]).catch(() => undefined) }] : []),
    { key: 'jobs', id: `${scope}toolbar_jobs`, label: t('jobs'), icon: <ListAltIcon />, variant: 'text', dot: anyOpen, onClick: () => setShown(true) },
  ];
  return (
    <>
      {children(items)}
      {canImport && !importDialog && (
        <input ref={fileInput} id={`${scope}import_file`} type="file" hidden accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void startImport(model.key, file).then(started, () => undefined);
          }} />
      )}
      <JobsDrawer open={shown} jobs={jobs} onClose={() => setShown(false)} onChanged={() => void reload()} />
      {importing && <ImportJobDialog model={model} onClose={() => setImporting(false)} onImported={() => onImported?.()} />}
      {exportConfirm && (
        <ConfirmDialog open={confirming} message={exportConfirm} onCancel={() => setConfirming(false)}
          onConfirm={() => { setConfirming(false); startListExport(); }} />
      )}
    </>
  );
}
