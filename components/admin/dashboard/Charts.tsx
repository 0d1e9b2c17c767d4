"use client";
// The dashboard's two charts (recharts). The drawing is hidden from assistive technology; each chart
// has a heading and the same numbers in a visually hidden table, which is what a screen reader reads.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { useConsole } from "@/components/ui/ConsoleContext";
import { formatMoney, formatMoneyCompact } from "@/components/ui/money";
import { ChartFrame } from "./ChartFrame";

type Out = RouterOutputs["dashboard"];
const COLORS = ["#1d4ed8", "#047857", "#b45309", "#7c3aed", "#be123c"];

function ChartSkeleton() {
  return <div className="h-60 animate-pulse rounded bg-slate-100" aria-busy="true" />;
}

export function MrrChart({ data }: { data?: Out["mrrByMonth"] }) {
  const { locale } = useConsole();
  return (
    <Card title="MRR by month (last 12 months)" testId="mrr-chart">
      {!data ? (
        <ChartSkeleton />
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-700">No recurring revenue yet.</p>
      ) : (
        data.map((c, i) => (
          <div key={c.currency} className="mb-4">
            <h3 className="mb-2 text-sm font-medium text-slate-800">{c.currency}</h3>
            <ChartFrame
              caption={`MRR by month in ${c.currency}`}
              columns={["Month", "MRR"]}
              rows={c.months.map((m) => [m.month, formatMoney(m.mrr, c.currency, locale)])}
              chart={
                <LineChart
                  data={c.months.map((m) => ({ month: m.month, mrr: Number(m.mrr) }))}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis
                    fontSize={12}
                    width={80}
                    tickFormatter={(v: number) => formatMoneyCompact(v, c.currency, locale)}
                  />
                  <Tooltip formatter={(v) => formatMoney(Number(v), c.currency, locale)} />
                  <Line
                    type="monotone"
                    dataKey="mrr"
                    name="MRR"
                    stroke={COLORS[i % COLORS.length]}
                    strokeWidth={2}
                    isAnimationActive={false}
                  />
                </LineChart>
              }
            />
          </div>
        ))
      )}
    </Card>
  );
}

export function OutcomesChart({ data }: { data?: Out["outcomes"] }) {
  return (
    <Card title="Billing outcomes per day (last 30 days)" testId="outcomes-chart">
      {!data ? (
        <ChartSkeleton />
      ) : (
        <ChartFrame
          caption="Payment attempts per day: succeeded, failed and pending"
          columns={["Day", "Succeeded", "Failed", "Pending"]}
          rows={data.map((d) => [d.day, d.succeeded, d.failed, d.pending])}
          chart={
            <BarChart data={data.map((d) => ({ ...d, day: d.day.slice(5) }))} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Legend />
              <Bar dataKey="succeeded" name="Succeeded" stackId="a" fill="#047857" isAnimationActive={false} />
              <Bar dataKey="failed" name="Failed" stackId="a" fill="#b91c1c" isAnimationActive={false} />
              <Bar dataKey="pending" name="Pending" stackId="a" fill="#b45309" isAnimationActive={false} />
            </BarChart>
          }
        />
      )}
    </Card>
  );
}
