/// GitHub's colours for the most common languages (github-linguist's `lib/linguist/languages.yml`,
/// MIT licence), for the languages card without a token: REST's listing names each repository's
/// primary language but not its colour. A language missing here is drawn in the card's muted grey.
enum LanguageColors {
    static let github: [String: String] = [
        "Assembly": "#6E4C13", "C": "#555555", "C#": "#178600", "C++": "#F34B7D", "Clojure": "#DB5855",
        "CSS": "#663399", "Dart": "#00B4AB", "Dockerfile": "#384D54", "Elixir": "#6E4A7E", "Emacs Lisp": "#C065DB",
        "Erlang": "#B83998", "Go": "#00ADD8", "Groovy": "#4298B8", "Haskell": "#5E5086", "HTML": "#E34C26",
        "Java": "#B07219", "JavaScript": "#F1E05A", "Julia": "#A270BA", "Jupyter Notebook": "#DA5B0B",
        "Kotlin": "#A97BFF", "Lua": "#000080", "Makefile": "#427819", "Nix": "#7E7EFF", "Objective-C": "#438EFF",
        "OCaml": "#EF7A08", "Perl": "#0298C3", "PHP": "#4F5D95", "PowerShell": "#012456", "Python": "#3572A5",
        "R": "#198CE7", "Ruby": "#701516", "Rust": "#DEA584", "Scala": "#C22D40", "SCSS": "#C6538C",
        "Shell": "#89E051", "Swift": "#F05138", "TeX": "#3D6117", "TypeScript": "#3178C6", "Vim Script": "#199F4B",
        "Vue": "#41B883", "Zig": "#EC915C",
    ]
}
