"use client";
// The analytics page's drawings (recharts, loaded after the figures): movements as stacked bars per month,
// and retention curves per cohort. Hidden from assistive technology; the page's tables carry the numbers.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/admin/dashboard/ChartFrame";
import type { RouterOutputs } from "@/components/trpc/types";
import { useConsole } from "@/components/ui/ConsoleContext";
import { formatMoney, formatMoneyCompact } from "@/components/ui/money";

type Movements = RouterOutputs["analytics"]["movements"]["currencies"][number];
type Cohorts = RouterOutputs["analytics"]["retention"]["currencies"][number]["cohorts"];

export const KIND_COLORS: Record<string, string> = {
  new: "#1d4ed8",
  expansion: "#047857",
  reactivation: "#7c3aed",
  contraction: "#b45309",
  churn: "#be123c",
};

export function MovementsChart({ data }: { data: Movements }) {
  const { locale } = useConsole();
  const rows = data.months.map((m) => ({
    month: m.month,
    ...Object.fromEntries(m.movements.map((x) => [x.kind, Number(x.amount)])),
  }));
  return (
    <ChartFrame
      caption={`MRR movements per month in ${data.currency}`}
      columns={["Month", ...data.months[0].movements.map((x) => x.kind)]}
      rows={data.months.map((m) => [m.month, ...m.movements.map((x) => formatMoney(x.amount, data.currency, locale))])}
      chart={
        <BarChart data={rows} stackOffset="sign" accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" fontSize={12} />
          <YAxis fontSize={12} width={70} tickFormatter={(v: number) => formatMoneyCompact(v, data.currency, locale)} />
          <Tooltip formatter={(v) => formatMoney(Number(v), data.currency, locale)} />
          <Legend />
          {Object.entries(KIND_COLORS).map(([kind, color]) => (
            <Bar key={kind} dataKey={kind} stackId="m" fill={color} isAnimationActive={false} />
          ))}
        </BarChart>
      }
    />
  );
}

export function RetentionCurves({ cohorts, currency }: { cohorts: Cohorts; currency: string }) {
  const longest = Math.max(0, ...cohorts.map((c) => c.cells.length));
  const rows = Array.from({ length: longest }, (_, since) => ({
    since,
    ...Object.fromEntries(
      cohorts.map((c) => [c.cohort, c.cells[since] ? Number(c.cells[since].share_paying ?? 0) * 100 : null]),
    ),
  }));
  return (
    <ChartFrame
      caption={`Share of each cohort still paying by months since start, ${currency}`}
      columns={["Months since", ...cohorts.map((c) => c.cohort)]}
      rows={rows.map((r) => [
        String(r.since),
        ...cohorts.map((c) =>
          c.cells[r.since] ? `${(Number(c.cells[r.since].share_paying) * 100).toFixed(1)} %` : "—",
        ),
      ])}
      chart={
        <LineChart data={rows} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="since" fontSize={12} />
          <YAxis fontSize={12} width={40} domain={[0, 100]} unit="%" />
          <Tooltip />
          {cohorts.map((c, i) => (
            <Line
              key={c.cohort}
              dataKey={c.cohort}
              stroke={Object.values(KIND_COLORS)[i % 5]}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      }
    />
  );
}
