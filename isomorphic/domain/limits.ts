// Business constants and limits of SPEC §9.
export const Limits = {
  cookieDays: 7,
  tokenCookie: 'x-token',
  userCookie: 'user',
  companyCookie: 'company',
  langCookie: 'lang',
  /** The viewer's IANA time zone, set by the browser after its first visit (times then show in it). */
  zoneCookie: 'tz',
  freeImageSearchesPerDay: 7,
  searchPollMs: 2000,
  /**
   * A photo search whose best match is less similar than this (the fused cosine the results show) gets a
   * notice on the result page: the match is weak; crop to the lace, or search by shape only. Chosen on
   * the photo-search benchmark (docs/benchmarks.md, "Weak matches") for the default engine: at 200 designs
   * and 21 catalogue views the best hit of a right answer scored median 0.995 (5th percentile 0.983), of a
   * wrong one median 0.978 (95th percentile 0.988); below 0.98 are 49-60 % of the wrong answers and 2-3 % of
   * the right ones (0.9, the earlier value, was below every answer and never showed the notice).
   */
  weakMatchSimilarity: 0.98,
  maxImageMb: 10,
  contentWidth: 1190,
  rootFontMin: 15,
  rootFontMax: 20,
  thumbsPerRow: 5,
  colourCardsPerRow: 9,
  loadingBar: { durationMs: 5000, tickMs: 100, finishAbove: 95, heightPx: 2 },
  imagePreload: 1.3,
  imageRetries: 1,
  pageSize: 20,
  maxPageSize: 100,
} as const;
