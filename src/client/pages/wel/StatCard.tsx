import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { readableOn } from '../../chrome/readable-color';

export interface StatCardProps {
  id?: string;
  label: string;
  value: number;
  color: string;
}

/** One statistic block of the welcome page: the colour on its top border, a readable shade of it on the figure. */
export function StatCard({ id, label, value, color }: StatCardProps) {
  return (
    <Paper id={id} sx={{ p: 2.5, borderTop: 3, borderColor: color }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h4"
        sx={(theme) => ({ mt: 1, fontWeight: 600, color: readableOn(color, [theme.palette.background.paper], { mode: theme.palette.mode }) })}
      >
        {value.toLocaleString()}
      </Typography>
    </Paper>
  );
}
