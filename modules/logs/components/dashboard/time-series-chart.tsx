"use client";

// One metric over time, one series per model (or user): stacked bars, lines or stacked areas.
// Client only (recharts draws SVG after measuring its box); animations are off so a chart is
// complete as soon as it is drawn.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  axisLine,
  axisTick,
  legendText,
  SeriesTooltip,
  seriesColor,
  useSeriesName,
} from "@/modules/logs/components/dashboard/chart-kit";
import type { ChartData, ChartPoint } from "@/modules/logs/dashboard/series";

type Kind = "bar" | "line" | "area";
type Field = "quota" | "count" | "tokens";

export function TimeSeriesChart({
  data,
  field,
  kind,
  format,
  formatAxis,
}: {
  data: ChartData;
  field: Field;
  kind: Kind;
  /** Values in the tooltip. */
  format: (v: number) => string;
  /** Values on the Y axis (shorter). */
  formatAxis: (v: number) => string;
}) {
  const name = useSeriesName();
  const Chart = kind === "bar" ? BarChart : kind === "line" ? LineChart : AreaChart;
  const series = data.keys.map((key, i) => {
    const common = {
      name: name(key),
      dataKey: (p: ChartPoint) => p[field][i] ?? 0,
      isAnimationActive: false,
    };
    const color = seriesColor(key, i);
    if (kind === "bar") return <Bar key={key} {...common} stackId="s" fill={color} maxBarSize={48} />;
    if (kind === "line")
      return (
        <Line key={key} {...common} type="monotone" stroke={color} strokeWidth={2} dot={false} activeDot={{ r: 3 }} />
      );
    return <Area key={key} {...common} type="monotone" stackId="s" stroke={color} fill={color} fillOpacity={0.25} />;
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={data.points} margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={axisLine} minTickGap={24} />
        <YAxis
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={formatAxis}
          allowDecimals={field !== "count" && field !== "tokens"}
        />
        <Tooltip
          content={(props) => <SeriesTooltip {...props} format={format} />}
          cursor={kind === "bar" ? { fill: "var(--surface-muted)" } : { stroke: "var(--border)" }}
        />
        <Legend formatter={legendText} iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        {series}
      </Chart>
    </ResponsiveContainer>
  );
}
