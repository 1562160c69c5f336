/**
 * Stands in for the MUI X pickers inside material-react-table (vite.config.ts resolves
 * its `@mui/x-date-pickers/*` imports here). MRT draws them only for date column filters,
 * which no list turns on (`enableColumnFilters: false`); without the stub every list
 * would load the pickers (≈ 64 KB gzip) whether or not it shows a date field.
 */
function dateFiltersOff(): never {
  throw new Error('material-react-table date filters are not built in (vite.config.ts, mrt-date-filters-off.ts)');
}

export const DatePicker = dateFiltersOff;
export const DateTimePicker = dateFiltersOff;
export const TimePicker = dateFiltersOff;
