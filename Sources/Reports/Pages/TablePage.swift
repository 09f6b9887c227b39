import HTMLText

/// A section of the index on a page of its own: the crosstable (`crosstable.html`), the
/// likelihoods of superiority (`superiority.html`) and the shots-to-win histograms
/// (`shots-to-win.html`) of a run with more than ``IndexPage/inlineTableBotLimit`` bots, whose
/// cell per ordered pair or chart per bot would make the index several megabytes. The same markup as on the index (`<table id="crosstable">`,
/// `<table id="los">`).
public enum TablePage {
    /// The page of `section` (a `<section>` of the index), titled `title`.
    public static func render(_ results: ResultsDocument, title: String, section: Markup) -> String {
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>\(title) · \(results.tournament)</title>
            <style>\(PageStyle.css)</style></head>
            <body><main class="wide">
            <header><p class="meta"><a href="\(ReportLayout.index)">← \(results.tournament)</a></p>
            <h1>\(title)</h1><p class="meta">\(results.standings.count) bots, numbered as in the standings.</p></header>
            \(section)
            </main></body></html>

            """
        return page.text
    }

    /// The crosstable's page.
    public static func crosstable(_ results: ResultsDocument) -> String {
        render(results, title: "Crosstable", section: IndexPage.crosstable(results))
    }

    /// The shots-to-win histograms' page.
    public static func shotsToWin(_ results: ResultsDocument) -> String {
        render(results, title: "Shots to win", section: IndexPage.shotsToWin(results))
    }

    /// The likelihoods of superiority's page.
    public static func superiority(_ results: ResultsDocument) -> String {
        render(results, title: "Likelihood of superiority", section: IndexPage.superiority(results))
    }
}
