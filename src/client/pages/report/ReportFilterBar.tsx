import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { Lang } from '../../../shared/schema/entity-model';
import { filterOptions, itemsByName, type FilterKey, type ItemOption, type ReportDefinition, type ReportFilters } from './report-api';
import { reportText } from './report-texts';

type Option = { value: string; label: string };

/** Pickers of the id filters: a `select` endpoint and its label field. */
const PICKERS: Partial<Record<FilterKey, { url: string; labelKey: string }>> = {
  // Only the workers who lead a team, not every worker (the report answers nothing for the others).
  teamLeaderId: { url: '/blade-manage/report/teamLeaders', labelKey: 'workerName' },
  workerId: { url: '/blade-manage/worker/select', labelKey: 'workerName' },
  carId: { url: '/blade-manage/car/select', labelKey: 'plateNo' },
  customerId: { url: '/blade-manage/customer/select', labelKey: 'customerName' },
};

function useOptions(url: string | undefined, labelKey: string, valueKey: string): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!url) return;
    let live = true;
    filterOptions(url, labelKey, valueKey).then((o) => live && setOptions(o), () => undefined);
    return () => { live = false; };
  }, [url, labelKey, valueKey]);
  return options;
}

/** The item picked by name: suggestions from GET blade-manage/iteminfo/listByName as the user types. */
function ItemFilter({ value, onChange, lang }: { value?: string; onChange(id?: string): void; lang: Lang }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ItemOption[]>([]);
  const [picked, setPicked] = useState<ItemOption | null>(null);
  useEffect(() => {
    if (!value) setPicked(null);
  }, [value]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => itemsByName(text).then((o) => live && setOptions(o), () => undefined), 250);
    return () => { live = false; clearTimeout(timer); };
  }, [text]);
  return (
    <Autocomplete
      id="report-item"
      size="small"
      sx={{ width: 200 }}
      options={options}
      value={picked}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.itemName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={reportText(lang, 'noOptions')}
      onInputChange={(_, v) => setText(v)}
      onChange={(_, o) => { setPicked(o); onChange(o?.id); }}
      renderInput={(params) => <TextField {...params} label={reportText(lang, 'item')} placeholder={reportText(lang, 'itemHint')} />}
    />
  );
}

function PickerFilter({ name, value, onChange, lang }: { name: FilterKey; value?: string; onChange(v?: string): void; lang: Lang }) {
  const picker = PICKERS[name]!;
  const options = useOptions(picker.url, picker.labelKey, 'id');
  return (
    <Autocomplete
      id={`report-${name}`}
      size="small"
      sx={{ width: 160 }}
      options={options}
      value={options.find((o) => o.value === value) ?? null}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_, o) => onChange(o?.value)}
      renderInput={(params) => <TextField {...params} label={reportText(lang, name as 'carId')} />}
    />
  );
}

function CategoryFilter({ dict, value, onChange, lang }: { dict?: string; value?: string; onChange(v?: string): void; lang: Lang }) {
  const options = useOptions(dict ? `/blade-system/dict/dictionary?code=${dict}` : undefined, 'dictValue', 'dictKey');
  return (
    <TextField select id="report-category" size="small" sx={{ width: 160 }} label={reportText(lang, 'category')} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <MenuItem value="">&nbsp;</MenuItem>
      {options.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
    </TextField>
  );
}

interface Props {
  definition: ReportDefinition;
  filters: ReportFilters;
  lang: Lang;
  onChange(filters: ReportFilters): void;
  onSearch(): void;
  onReset(): void;
  onExport(): void;
  exporting: boolean;
}

/** The filters the report accepts, and 查询 / 重置 / 导出. */
export function ReportFilterBar({ definition, filters, lang, onChange, onSearch, onReset, onExport, exporting }: Props) {
  const set = (key: FilterKey) => (value?: string) => onChange({ ...filters, [key]: value });
  const accepts = (key: FilterKey) => definition.filters.includes(key);
  const inverted = Boolean(filters.startDate && filters.endDate && filters.startDate > filters.endDate);
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); onSearch(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }} data-testid="report-filters">
      {(['startDate', 'endDate'] as const).filter(accepts).map((key) => (
        <TextField
          key={key} id={`report-${key}`} type="date" size="small" sx={{ width: 150 }} label={reportText(lang, key)} value={filters[key] ?? ''}
          slotProps={{ inputLabel: { shrink: true } }} onChange={(e) => set(key)(e.target.value || undefined)}
          error={inverted} helperText={inverted && key === 'endDate' ? reportText(lang, 'invertedRange') : undefined}
        />
      ))}
      {accepts('year') && (
        <TextField id="report-year" type="number" size="small" sx={{ width: 120 }} label={reportText(lang, 'year')} value={filters.year ?? ''} onChange={(e) => set('year')(e.target.value || undefined)} />
      )}
      {accepts('itemId') && <ItemFilter value={filters.itemId} onChange={set('itemId')} lang={lang} />}
      {(['teamLeaderId', 'workerId', 'carId', 'customerId'] as const).filter(accepts).map((key) => (
        <PickerFilter key={key} name={key} value={filters[key]} onChange={set(key)} lang={lang} />
      ))}
      {accepts('category') && <CategoryFilter dict={definition.categoryDict} value={filters.category} onChange={set('category')} lang={lang} />}
      {accepts('salesman') && (
        <TextField id="report-salesman" size="small" sx={{ width: 140 }} label={reportText(lang, 'salesman')} value={filters.salesman ?? ''} onChange={(e) => set('salesman')(e.target.value || undefined)} />
      )}
      {/* The three buttons stay together (and, at 1440 px, on the filters' line: the widths above are sized for it). */}
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, whiteSpace: 'nowrap' }}>
        <Button id="report-search" type="submit" variant="contained" disabled={inverted}>{reportText(lang, 'search')}</Button>
        <Button id="report-reset" variant="outlined" onClick={onReset}>{reportText(lang, 'reset')}</Button>
        <Button id="report-export" variant="outlined" color="warning" onClick={onExport} disabled={inverted || exporting}>{reportText(lang, 'export')}</Button>
      </Box>
    </Box>
  );
}
