/** Splits a text stream into lines (what jsr:@std/streams' TextLineStream does; JSR is not reachable here). */
export class TextLineStream extends TransformStream<string, string> {
  constructor() {
    let rest = "";
    super({
      transform(chunk, controller) {
        const parts = (rest + chunk).split("\n");
        rest = parts.pop()!;
        for (const p of parts) controller.enqueue(p.replace(/\r$/, ""));
      },
      flush(controller) {
        if (rest) controller.enqueue(rest);
      },
    });
  }
}
