/** The parts of the untyped ml-* packages the FIGS room uses (ml-knn 3 ships no types). */
declare module "ml-knn" {
  export default class KNN {
    constructor(dataset: number[][], labels: number[], options?: { k?: number });
    kdTree: { nearest(point: number[], k: number): [number[], number][] };
    predict(dataset: number[][]): number[];
  }
}
