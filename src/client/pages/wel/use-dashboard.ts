import { useEffect, useState } from 'react';
import { request } from '../../api/http';
import { useLang } from '../../i18n/use-lang';

export interface DashboardFigure { key: string; label: string; trendLabel: string; color: string; today: number; trend: number[] }
export interface DashboardStatistics { days: string[]; figures: DashboardFigure[] }

/** The tenant's figures for today and the last 7 days (GET blade-desk/dashboard/statistics), in the console's language. */
export function useDashboard(): DashboardStatistics | undefined {
  const lang = useLang();
  const [statistics, setStatistics] = useState<DashboardStatistics>();
  useEffect(() => {
    let live = true;
    request<DashboardStatistics>({ url: '/blade-desk/dashboard/statistics', silent: true }).then((s) => live && setStatistics(s), () => undefined);
    return () => { live = false; };
  }, [lang]);
  return statistics;
}
