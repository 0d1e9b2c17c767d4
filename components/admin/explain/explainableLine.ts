// The fields of a run line or a projected line that "Explain <amount>" reads (ExplainLine, ExplainDialog).
export interface ExplainableLine {
  price_id: number;
  price_version_id: number | null;
  product_name: string;
  quantity: number;
  unit_amount: string;
  proration_factor: string;
  line_subtotal_amount: string;
  line_tax_amount: string;
  line_total_amount: string;
  service_period_start_at: string;
  service_period_end_at: string;
  proration_reason: string | null;
  kind: string;
  description: string;
  /** a usage line's exact aggregate (kind "usage") */
  usage_quantity?: string | null;
}
