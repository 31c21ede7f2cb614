import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

// The chart library is large and only operators need it: loaded with the dashboard tab.
const loadCharts = () =>
  import('./analytics-charts.tsx').then((module) => ({ default: module.AnalyticsCharts }));

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** Keeps a failure of the chart (its chunk, most often) inside the chart's own area. */
class ChartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card>
        <CardHeader>
          <CardTitle>アクセス解析</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p role="alert" className="text-sm text-red-700">
            アクセス解析を読み込めませんでした。通信環境をご確認のうえ、再読み込みしてください。
          </p>
          <Button variant="outline" onClick={this.props.onRetry}>
            再読み込み
          </Button>
        </CardContent>
      </Card>
    );
  }
}

/**
 * The dashboard's charts, loaded on demand. A chunk that fails to download (a deploy replaced
 * it, the connection dropped) shows a message and a retry in the chart's place, and the rest of
 * the dashboard stays. React.lazy keeps a failed import for good, so a retry is a new lazy.
 */
export function LazyAnalyticsCharts() {
  const [attempt, setAttempt] = useState(0);
  const [Charts, setCharts] = useState(() => lazy(loadCharts));
  return (
    <ChartBoundary
      key={attempt}
      onRetry={() => {
        setCharts(() => lazy(loadCharts));
        setAttempt((value) => value + 1);
      }}
    >
      <Suspense fallback={<Spinner label="アクセス解析を読み込み中" />}>
        <Charts />
      </Suspense>
    </ChartBoundary>
  );
}
