"use client";
// A metered item's usage by day as a bar chart (recharts, loaded with the Usage tab only). The drawing is
// hidden from assistive technology; the same numbers are in a visually hidden table (ChartFrame).
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/admin/dashboard/ChartFrame";
import { useConsole } from "@/components/ui/ConsoleContext";
import { formatQuantity } from "@/components/ui/format";

export function UsageChart({ metric, daily }: { metric: string; daily: { date: string; quantity: string }[] }) {
  const { locale } = useConsole();
  return (
    <ChartFrame
      caption={`${metric} by day this period`}
      columns={["Day", metric]}
      rows={daily.map((d) => [d.date, formatQuantity(d.quantity, locale)])}
      chart={
        <BarChart
          data={daily.map((d) => ({ day: d.date.slice(5), quantity: Number(d.quantity) }))}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" fontSize={12} />
          <YAxis fontSize={12} width={60} tickFormatter={(v: number) => formatQuantity(v, locale)} />
          <Tooltip formatter={(v) => formatQuantity(Number(v), locale)} />
          <Bar dataKey="quantity" name={metric} fill="#1d4ed8" isAnimationActive={false} />
        </BarChart>
      }
    />
  );
}
