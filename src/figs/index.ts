/** FIGS (Focused Identification of Germplasm Strategy): trait mining from the climate of collecting sites, best bets. */
export { figsModels, type FigsModelsResult } from "./models.ts";
export { type FigsModelsOptions, FigsModelsOptionsSchema } from "./options.ts";
export { climateEnvelope, type ClimateEnvelopeOptions, ClimateEnvelopeOptionsSchema } from "./envelope.ts";
export { bestBets, type BestBetsOptions, BestBetsOptionsSchema, type BestBetsResult } from "./bestbets.ts";
