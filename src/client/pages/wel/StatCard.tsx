import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface StatCardProps {
  label: string;
  value: number;
  color: string;
}

/** One statistic block of the welcome page. */
export function StatCard({ label, value, color }: StatCardProps) {
  return (
    <Paper sx={{ p: 2.5, borderTop: 3, borderColor: color }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" sx={{ mt: 1, fontWeight: 600, color }}>
        {value.toLocaleString()}
      </Typography>
    </Paper>
  );
}
