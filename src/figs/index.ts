/** FIGS (Focused Identification of Germplasm Strategy): trait mining from the climate of collecting sites, best bets. */
export { type FigsModels, figsModels } from "./models.ts";
export { FigsModelOptions } from "./options.ts";
