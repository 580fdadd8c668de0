/**
 * Where a reviewer approves a publish: the console's deploy page, whose project card opens the
 * project's waiting reviews (the web app has no page of one review).
 */
export function reviewLink(consoleUrl: string): string {
  return `${consoleUrl}/deploy/index`;
}
