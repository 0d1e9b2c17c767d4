-- CreateIndex
CREATE INDEX "contract_items_period_end_at_contract_id_status_price_id_qu_idx" ON "contract_items"("period_end_at", "contract_id", "status", "price_id", "quantity", "unit_amount_override", "discount_percent", "end_at");
