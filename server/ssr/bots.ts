// Crawlers get the whole document at once (onAllReady); people get the shell as soon as it is ready.
const CRAWLER = /bot|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|pinterest|vkshare|whatsapp|telegram|baiduspider|sogou|360spider|yisouspider|bytespider|petalbot|yandex|duckduck|lighthouse|headlesschrome-ssr/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLER.test(userAgent);
}
