import { scenario } from '../builder.js';
import type { ContinuationMatch, Scenario } from '../format.js';
import type { CallRef } from '../tool-call-writer.js';

/**
 * Calls that wait for the person (PROTOCOL.md §11): each run ends with an approval waiting, and
 * its continuation sections play what the agent does with the answer — whichever it is, so a
 * person trying the demo may approve, deny or edit any of them.
 */

/** Approved: the service restarts. The path the scenario is named for. */
export function approvalGranted(): Scenario {
  const restart = 'call_1_restart_service';
  return scenario(
    'approval-granted',
    'An approval: restart_service waits for the person (tool_call_details.awaiting: "approval"); approved, the continuation runs it and the agent goes on; denied, the agent says it left the service alone.',
    { keywords: ['restart the service', 'approval granted'] },
  )
    .text('The payments API is failing its health checks. I can restart it.', { firstDelay: 300 })
    .ask({
      id: restart,
      tool: 'restart_service',
      summary: 'Restart payments-api',
      args: { service: 'payments-api', environment: 'production' },
      awaiting: 'approval',
      prompt: 'Restart payments-api in production?',
    })
    .done()
    .continuation({ [restart]: 'approved' })
    .resultOf(restart, 'restart_service', {
      output: 'payments-api restarted; 3/3 instances healthy',
      delay: 900,
    })
    .text(' Restarted: all three instances of payments-api are healthy again.', { firstDelay: 250 })
    .done()
    .continuation({ [restart]: 'denied' })
    .resultOf(restart, 'restart_service', deniedResult(restart))
    .text(` I left payments-api as it is, since you declined: {{${restart}.reason}}`, { firstDelay: 250 })
    .done()
    .build();
}

/** Denied with a reason: the model's answer quotes it. */
export function approvalDenied(): Scenario {
  const purge = 'call_1_delete_records';
  return scenario(
    'approval-denied',
    'An approval the person is expected to deny: delete_records asks first; denied with a reason, the continuation records the call as denied and the model says why it stopped, quoting the reason; approved, it deletes.',
    { keywords: ['delete records', 'inactive customers', 'approval denied'] },
  )
    .text('I found 1 204 customer records inactive for over two years. Deleting them needs your approval.', {
      firstDelay: 300,
    })
    .ask({
      id: purge,
      tool: 'delete_records',
      summary: 'Delete 1 204 inactive customers',
      args: { table: 'customers', where: 'last_active < now() - interval 2 years' },
      awaiting: 'approval',
      prompt: 'Delete 1 204 customer records? This cannot be undone.',
    })
    .done()
    .continuation({ [purge]: 'denied' })
    .resultOf(purge, 'delete_records', deniedResult(purge))
    .text(
      ` Understood, I deleted nothing. You said: "{{${purge}.reason}}". I can export the records instead.`,
      {
        firstDelay: 250,
      },
    )
    .done()
    .continuation({ [purge]: 'approved' })
    .resultOf(purge, 'delete_records', { output: '1204 rows deleted', delay: 1200 })
    .text(' Done: 1 204 inactive customer records were deleted.', { firstDelay: 250 })
    .done()
    .build();
}

/** Approved with edited arguments: the result uses them. */
export function approvalEdited(): Scenario {
  const email = 'call_1_send_email';
  return scenario(
    'approval-edited',
    'An editable approval (tool_call_details.editable): send_email shows its arguments, which the person may change before approving; the continuation sends the email with the edited arguments and the result names them.',
    { keywords: ['send an email', 'incident update', 'approval edited'] },
  )
    .text('I drafted the incident update for the on-call team.', { firstDelay: 300 })
    .ask({
      id: email,
      tool: 'send_email',
      summary: 'Email the incident update',
      args: {
        to: 'oncall@example.com',
        subject: 'INC-204: payments degraded',
        body: 'Payments are degraded since 09:12 UTC. We are on it.',
      },
      awaiting: 'approval',
      editable: true,
      prompt: 'Send this email?',
    })
    .done()
    .continuation({ [email]: 'approved' })
    .resultOf(email, 'send_email', {
      output: `Sent to {{${email}.arguments.to}}: "{{${email}.arguments.subject}}"`,
      delay: 700,
    })
    .text(` Sent to {{${email}.arguments.to}} with the subject "{{${email}.arguments.subject}}".`, {
      firstDelay: 250,
    })
    .done()
    .continuation({ [email]: 'denied' })
    .resultOf(email, 'send_email', deniedResult(email))
    .text(` I did not send it ({{${email}.reason}}).`, { firstDelay: 250 })
    .done()
    .build();
}

/** Two approvals made together; each is answered on its own, and every combination plays. */
export function approvalsParallel(): Scenario {
  const flight = 'call_1_book_flight';
  const hotel = 'call_2_book_hotel';
  const built = scenario(
    'approvals-parallel',
    'Two approvals in one frame (book_flight and book_hotel): the run ends with both waiting; the continuation carries both answers and books what was approved.',
    { keywords: ['book a trip', 'two approvals'] },
  )
    .text('I found a flight and a hotel for your Tokyo trip. Both need your approval.', { firstDelay: 300 })
    .ask(
      {
        id: flight,
        tool: 'book_flight',
        summary: 'Book OZ1045 ICN → HND, 3 May',
        args: { flight: 'OZ1045', date: '2026-05-03', fare_krw: 175000 },
        awaiting: 'approval',
        prompt: 'Book this flight?',
      },
      {
        id: hotel,
        tool: 'book_hotel',
        summary: 'Book Hotel Gracery Shinjuku, 3 nights',
        args: { hotel: 'Hotel Gracery Shinjuku', nights: 3, total_jpy: 54000 },
        awaiting: 'approval',
        prompt: 'Book this hotel?',
      },
    )
    .done();
  const outcomes: [ContinuationMatch, ContinuationMatch][] = [
    ['approved', 'approved'],
    ['approved', 'denied'],
    ['denied', 'approved'],
    ['denied', 'denied'],
  ];
  for (const [flightAnswer, hotelAnswer] of outcomes) {
    built.continuation({ [flight]: flightAnswer, [hotel]: hotelAnswer });
    built.resultOf(
      flight,
      'book_flight',
      flightAnswer === 'approved'
        ? { output: 'Booked OZ1045, ref K7Q2LP', delay: 800 }
        : deniedResult(flight),
    );
    built.resultOf(
      hotel,
      'book_hotel',
      hotelAnswer === 'approved'
        ? { output: 'Booked 3 nights, ref HG-55812', delay: 300 }
        : deniedResult(hotel),
    );
    const said = [
      flightAnswer === 'approved' ? 'The flight is booked (K7Q2LP).' : 'I did not book the flight.',
      hotelAnswer === 'approved' ? 'The hotel is booked (HG-55812).' : 'I did not book the hotel.',
    ];
    built.text(` ${said.join(' ')}`, { firstDelay: 250 }).done();
  }
  return built.build();
}

/** An approval inside a sub-agent's work: the delegation stays open until the answer. */
export function approvalInSubagent(): Scenario {
  const ops = 'call_1_delegate_to_ops_agent';
  const scale = 'call_2_scale_cluster';
  let opsRef!: CallRef;
  const built = scenario(
    'approval-in-subagent',
    'An approval inside a sub-agent: ops_agent (a delegation left open) asks to run scale_cluster (parent_call_id set); the continuation answers it, the sub-agent goes on in the same delegation and completes it, and the supervisor answers.',
    { keywords: ['scale the cluster', 'traffic spike', 'approval in a sub-agent'] },
  ).text('I will ask the ops agent to handle the traffic spike.', { firstDelay: 300 });
  built.delegation(
    {
      id: ops,
      agent: 'ops_agent',
      task: 'Handle the traffic spike on checkout',
      summary: 'Handle the spike',
      open: true,
    },
    (sub) => {
      opsRef = sub.ref;
      sub.call({
        tool: 'get_metrics',
        summary: 'Checkout traffic, last 15 min',
        args: { service: 'checkout', window: '15m' },
        result: { output: 'p95 latency 2.4 s, 4.1k req/s (3× normal)', delay: 600 },
      });
      sub.ask([
        {
          id: scale,
          tool: 'scale_cluster',
          summary: 'Scale checkout from 4 to 12 nodes',
          args: { cluster: 'checkout', from_nodes: 4, to_nodes: 12 },
          awaiting: 'approval',
          prompt: 'Scale checkout to 12 nodes (about $38/hour more)?',
        },
      ]);
    },
  );
  return built
    .done()
    .continuation({ [scale]: 'approved' })
    .resumeDelegation(opsRef, (sub) => {
      sub.result(sub.refOf(scale, 'scale_cluster'), { output: 'checkout scaled to 12 nodes', delay: 1000 });
      sub.stream('Scaled checkout to 12 nodes; p95 latency is back under 300 ms.', { firstDelay: 400 });
    })
    .text(' The ops agent scaled checkout to 12 nodes and latency is back to normal.', { firstDelay: 250 })
    .done()
    .continuation({ [scale]: 'denied' })
    .resumeDelegation(opsRef, (sub) => {
      sub.result(sub.refOf(scale, 'scale_cluster'), deniedResult(scale));
      sub.stream(`Did not scale ({{${scale}.reason}}); I enabled the queue page instead.`, {
        firstDelay: 400,
      });
    })
    .text(' The ops agent did not scale the cluster, as you declined, and turned on the waiting page.', {
      firstDelay: 250,
    })
    .done()
    .build();
}

/**
 * What a denied call's result says (the call stays denied; the model reads it). Not a failure:
 * nothing went wrong, the person said no.
 */
export function deniedResult(callId: string) {
  return { output: `Denied by the user: {{${callId}.reason}}`, delay: 50 };
}
