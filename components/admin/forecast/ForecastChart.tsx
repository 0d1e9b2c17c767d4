"use client";
// The forecast's bars (recharts, loaded lazily by ForecastView): billed amount per month for one currency.
// The drawing is hidden from assistive technology; the table next to it carries the same numbers.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useConsole } from "@/components/ui/ConsoleContext";
import { formatMoney, formatMoneyCompact } from "@/components/ui/money";

export default function ForecastChart({
  currency,
  months,
}: {
  currency: string;
  months: { month: string; billed_amount: string }[];
}) {
  const { locale } = useConsole();
  return (
    <div aria-hidden="true" className="h-60">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={months.map((m) => ({ month: m.month, billed: Number(m.billed_amount) }))}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" fontSize={12} />
          <YAxis fontSize={12} width={80} tickFormatter={(v: number) => formatMoneyCompact(v, currency, locale)} />
          <Tooltip formatter={(v) => formatMoney(Number(v), currency, locale)} />
          <Bar dataKey="billed" name="Billed" fill="#1d4ed8" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
